package identity

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// deviceRow is a devices row.
type deviceRow struct {
	ID               int64
	Serial           string
	DeviceType       string
	Vendor           string
	Model            string
	Version          string
	OSName           string
	OSVersion        string
	ApplicationType  string
	Settings         string
	ParentalSettings string
	Notification     string
	LoginAt          int64
}

const deviceColumns = `id, serial, device_type, vendor, model, version, os_name, os_version, application_type,
	settings, parental_settings, notification, login_at`

func scanDevice(sc interface{ Scan(...any) error }) (*deviceRow, error) {
	var d deviceRow
	err := sc.Scan(&d.ID, &d.Serial, &d.DeviceType, &d.Vendor, &d.Model, &d.Version, &d.OSName, &d.OSVersion,
		&d.ApplicationType, &d.Settings, &d.ParentalSettings, &d.Notification, &d.LoginAt)
	return &d, store.MapErr(err)
}

// loadDeviceRow reads a device of userID; another user's device is
// store.ErrNotFound (404), so its existence is never revealed.
func loadDeviceRow(ctx context.Context, q store.Querier, userID, deviceID int64) (*deviceRow, error) {
	return scanDevice(q.QueryRow(ctx, "SELECT "+deviceColumns+" FROM devices WHERE id = ? AND user_id = ?",
		deviceID, userID))
}

// json is the Device answer; current is the caller's device id.
func (d *deviceRow) json(current int64) Device {
	out := Device{
		ID: d.ID, Serial: d.Serial, DeviceType: d.DeviceType, Vendor: d.Vendor, Model: d.Model,
		Version: d.Version, OSName: d.OSName, OSVersion: d.OSVersion, ApplicationType: d.ApplicationType,
		ParentalSettings: parseParentalSettings(d.ParentalSettings),
		LoginAt:          time.Unix(d.LoginAt, 0).UTC().Format(time.RFC3339),
		IsCurrent:        d.ID == current,
	}
	_ = json.Unmarshal([]byte(d.Settings), &out.Settings)
	if out.Settings.ParentalChannels == 0 {
		out.Settings.ParentalChannels = 30
	}
	if d.Notification != "" {
		var n Notification
		if json.Unmarshal([]byte(d.Notification), &n) == nil {
			out.Notification = &n
		}
	}
	return out
}

// parseParentalSettings reads stored settings; unset ones are the defaults.
func parseParentalSettings(s string) ParentalSettings {
	if s == "" || s == "{}" {
		return DefaultParentalSettings
	}
	ps := DefaultParentalSettings
	if json.Unmarshal([]byte(s), &ps) != nil {
		return DefaultParentalSettings
	}
	return ps
}

// parseID reads a positive integer id from outside input.
func parseID(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return n, err == nil && n > 0
}

// deviceFields are the descriptive fields a client sends on create and patch.
type deviceFields struct {
	Serial          *looseString `json:"serial"`
	DeviceType      *string      `json:"device_type"`
	Vendor          *looseString `json:"vendor"`
	Model           *looseString `json:"model"`
	Version         *looseString `json:"version"`
	OSName          *looseString `json:"os_name"`
	OSVersion       *looseString `json:"os_version"`
	ApplicationType *looseString `json:"application_type"`
}

// apply validates the given fields and copies them onto d.
func (f *deviceFields) apply(d *deviceRow) error {
	if f.DeviceType != nil {
		t := strings.ToLower(strings.TrimSpace(*f.DeviceType))
		switch t {
		case "tv", "tablet", "phone", "pc":
		case "":
			t = "pc"
		default:
			return httpx.Invalid("device_type", "error_device_type")
		}
		d.DeviceType = t
	}
	for _, x := range []struct {
		field string
		in    *looseString
		dst   *string
	}{
		{"serial", f.Serial, &d.Serial}, {"vendor", f.Vendor, &d.Vendor}, {"model", f.Model, &d.Model},
		{"version", f.Version, &d.Version}, {"os_name", f.OSName, &d.OSName}, {"os_version", f.OSVersion, &d.OSVersion},
		{"application_type", f.ApplicationType, &d.ApplicationType},
	} {
		if x.in == nil {
			continue
		}
		v := x.in.String()
		if !validName(v, 255) {
			return httpx.Invalid(x.field, "error_too_long")
		}
		*x.dst = v
	}
	return nil
}

// listDevices answers GET /v2/users/self/devices.
func (s *Service) listDevices(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.AccountSession(ctx)
	rows, err := s.db.Query(ctx, "SELECT "+deviceColumns+" FROM devices WHERE user_id = ? ORDER BY id", sess.UserID)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []Device{}
	for rows.Next() {
		d, err := scanDevice(rows)
		if err != nil {
			return err
		}
		out = append(out, d.json(sess.DeviceID))
	}
	if err := rows.Err(); err != nil {
		return store.MapErr(err)
	}
	httpx.OK(w, out)
	return nil
}

// getDevice answers GET /v2/users/self/devices/{id}.
func (s *Service) getDevice(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	sess := httpx.AccountSession(r.Context())
	d, err := loadDeviceRow(r.Context(), s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	httpx.OK(w, d.json(sess.DeviceID))
	return nil
}

// createDevice answers POST /v2/users/self/devices. A device with the same
// serial is the same browser coming back: it is updated, not added again.
// Over the limit -> 400 too_many_devices (the client removes its oldest).
func (s *Service) createDevice(w http.ResponseWriter, r *http.Request) error {
	var in deviceFields
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	d := deviceRow{DeviceType: "pc"}
	if err := in.apply(&d); err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.AccountSession(ctx)
	var id int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if sess.ChildMode {
			if err := childMayRegister(ctx, tx, sess, d.Serial); err != nil {
				return err
			}
		}
		var err error
		if id, err = s.upsertDevice(ctx, tx, sess.UserID, &d); err != nil || !sess.ChildMode {
			return err
		}
		// A device registered from a child profile starts on it: signing it
		// in must not be a way out of the child profile.
		_, err = tx.Exec(ctx, "UPDATE devices SET profile_id = ? WHERE id = ? AND profile_id IS NULL", sess.ProfileID, id)
		return err
	})
	if err != nil {
		return err
	}
	row, err := loadDeviceRow(ctx, s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, row.json(sess.DeviceID))
	return nil
}

// childMayRegister refuses a child session the serial of another device of
// the account: registering it again would rewrite the parent's device.
func childMayRegister(ctx context.Context, q store.Querier, sess *httpx.Session, serial string) error {
	if serial == "" {
		return nil
	}
	id, err := deviceBySerial(ctx, q, sess.UserID, serial)
	if errors.Is(err, store.ErrNotFound) || (err == nil && id == sess.DeviceID) {
		return nil
	}
	if err != nil {
		return err
	}
	return httpx.Forbidden("error_child_profile_devices")
}

// deviceBySerial is the user's device of serial (store.ErrNotFound: none).
func deviceBySerial(ctx context.Context, q store.Querier, userID int64, serial string) (int64, error) {
	var id int64
	err := store.Get(ctx, q, "SELECT id FROM devices WHERE user_id = ? AND serial = ? ORDER BY id LIMIT 1",
		[]any{userID, serial}, &id)
	return id, err
}

// upsertDevice stores d for userID: the device with the same serial when
// there is one, else a new device within the device limit.
func (s *Service) upsertDevice(ctx context.Context, tx store.Querier, userID int64, d *deviceRow) (int64, error) {
	// Registrations of one user take turns: on PostgreSQL two parallel ones
	// would both see room under the limit, or both miss the other's serial.
	if err := lockUserRow(ctx, tx, userID); err != nil {
		return 0, err
	}
	now := s.now().Unix()
	if d.Serial != "" {
		id, err := deviceBySerial(ctx, tx, userID, d.Serial)
		if err == nil {
			_, err = tx.Exec(ctx, `UPDATE devices SET device_type = ?, vendor = ?, model = ?, version = ?, os_name = ?,
				os_version = ?, application_type = ?, login_at = ? WHERE id = ?`,
				d.DeviceType, d.Vendor, d.Model, d.Version, d.OSName, d.OSVersion, d.ApplicationType, now, id)
			return id, err
		}
		if !errors.Is(err, store.ErrNotFound) {
			return 0, err
		}
	}
	u, err := loadUserRow(ctx, tx, userID)
	if err != nil {
		return 0, err
	}
	p, err := s.providers.ByID(ctx, u.ProviderID)
	if err != nil {
		return 0, err
	}
	var count int
	if err := store.Get(ctx, tx, "SELECT COUNT(*) FROM devices WHERE user_id = ?", []any{userID}, &count); err != nil {
		return 0, err
	}
	if count >= deviceLimit(u, p) {
		return 0, httpx.New(http.StatusBadRequest, httpx.TypeTooManyDevices, "error_too_many_devices", deviceLimit(u, p))
	}
	return store.InsertID(ctx, tx, `INSERT INTO devices (user_id, serial, device_type, vendor, model, version,
		os_name, os_version, application_type, created_at, login_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		userID, d.Serial, d.DeviceType, d.Vendor, d.Model, d.Version, d.OSName, d.OSVersion, d.ApplicationType, now, now)
}

// devicePatch is the body of PATCH /v2/users/self/devices/{id}.
type devicePatch struct {
	deviceFields
	Settings *struct {
		ParentalChannels *int `json:"parentalChannels"`
	} `json:"settings"`
	Notification     json.RawMessage `json:"notification"`
	ParentalSettings *struct {
		Profile  *bool `json:"profile"`
		Program  *bool `json:"program"`
		VOD      *bool `json:"vod"`
		Channel  *bool `json:"channel"`
		Pay      *bool `json:"pay"`
		Settings *bool `json:"settings"`
		Duration *int  `json:"duration"`
	} `json:"parental_settings"`
	ParentalCode looseString `json:"parental_code"`
}

// patchDevice answers PATCH /v2/users/self/devices/{id}. Changing parental
// settings goes through the parental check (a PIN when one is set).
func (s *Service) patchDevice(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in devicePatch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	d, err := loadDeviceRow(ctx, s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	// A child profile describes its own device at most: the channel age
	// setting and the account's other devices are the parent's (the
	// parental settings need the PIN below, whoever asks).
	if sess.ChildMode && (id != sess.DeviceID || (in.Settings != nil && in.Settings.ParentalChannels != nil)) {
		return httpx.Forbidden("error_child_profile_devices")
	}
	if err := in.apply(d); err != nil {
		return err
	}
	if in.Settings != nil && in.Settings.ParentalChannels != nil {
		v := *in.Settings.ParentalChannels
		if v != 30 && v != 1 {
			return httpx.Invalid("settings.parentalChannels", "error_parental_channels")
		}
		if err := s.parentalGate(ctx, sess, protectsSettings, in.ParentalCode.String()); err != nil {
			return err
		}
		b, _ := json.Marshal(DeviceSettings{ParentalChannels: v})
		d.Settings = string(b)
	}
	if len(in.Notification) > 0 {
		if string(in.Notification) == "null" {
			d.Notification = ""
		} else {
			var n Notification
			if json.Unmarshal(in.Notification, &n) != nil || !validName(n.Type, 32) || !validName(n.Token, 4096) {
				return httpx.Invalid("notification", "error_validation")
			}
			b, _ := json.Marshal(n)
			d.Notification = string(b)
		}
	}
	if ps := in.ParentalSettings; ps != nil {
		if err := s.checkParentalForSettings(ctx, sess, in.ParentalCode.String()); err != nil {
			return err
		}
		cur := parseParentalSettings(d.ParentalSettings)
		for _, f := range []struct {
			in  *bool
			dst *bool
		}{{ps.Profile, &cur.Profile}, {ps.Program, &cur.Program}, {ps.VOD, &cur.VOD}, {ps.Channel, &cur.Channel},
			{ps.Pay, &cur.Pay}, {ps.Settings, &cur.Settings}} {
			if f.in != nil {
				*f.dst = *f.in
			}
		}
		if ps.Duration != nil {
			if *ps.Duration < 0 || *ps.Duration > 1440 {
				return httpx.Invalid("parental_settings.duration", "error_parental_duration")
			}
			cur.Duration = *ps.Duration
		}
		b, _ := json.Marshal(cur)
		d.ParentalSettings = string(b)
	}
	_, err = s.db.Exec(ctx, `UPDATE devices SET serial = ?, device_type = ?, vendor = ?, model = ?, version = ?,
		os_name = ?, os_version = ?, application_type = ?, settings = ?, parental_settings = ?, notification = ?
		WHERE id = ? AND user_id = ?`, d.Serial, d.DeviceType, d.Vendor, d.Model, d.Version, d.OSName, d.OSVersion,
		d.ApplicationType, d.Settings, d.ParentalSettings, d.Notification, id, sess.UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, d.json(sess.DeviceID))
	return nil
}

// deleteDevice answers DELETE /v2/users/self/devices/{id}; the current
// device cannot be removed this way (logout does that).
func (s *Service) deleteDevice(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.AccountSession(ctx)
	if id == sess.DeviceID {
		return httpx.Forbidden("error_current_device")
	}
	if sess.ChildMode {
		// Signing the account's other devices out is the parent's business.
		return httpx.Forbidden("error_child_profile_devices")
	}
	if err := s.removeDevice(ctx, s.db, sess.UserID, id); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// removeDevice deletes a device of userID with its tokens (404 when it is not
// the user's).
func (s *Service) removeDevice(ctx context.Context, q store.Querier, userID, deviceID int64) error {
	// Only the owner's tokens: a foreign device id must touch nothing.
	if _, err := q.Exec(ctx, "DELETE FROM tokens WHERE device_id = ? AND user_id = ?", deviceID, userID); err != nil {
		return err
	}
	res, err := q.Exec(ctx, "DELETE FROM devices WHERE id = ? AND user_id = ?", deviceID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}
