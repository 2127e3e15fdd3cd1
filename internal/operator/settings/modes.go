package settings

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// The modes of running an operator sets up in the console: the partners
// that bring viewers with ?partner= and their rules (kept in the provider's
// configuration), and the bot of the Telegram mini app, whose token signs
// the mini app's launch data and is kept sealed (table telegram_bots,
// migration 0031), never shown again once saved.

// Modes is GET /v2/operator/settings/modes.
type Modes struct {
	Partners []provider.Partner `json:"partners"`
	Telegram TelegramBot        `json:"telegram"`
}

// TelegramBot is the mini-app bot as the console shows it (no token).
type TelegramBot struct {
	Configured bool  `json:"configured"`
	BotID      int64 `json:"bot_id"`
}

// modesPatch is PATCH /v2/operator/settings/modes: the fields given change;
// telegram_bot_token "" removes the bot.
type modesPatch struct {
	Partners         *[]provider.Partner `json:"partners"`
	TelegramBotToken *string             `json:"telegram_bot_token"`
}

// botTokenRe is Telegram's token form: the bot's id, ':' and its secret.
var botTokenRe = regexp.MustCompile(`^([0-9]{5,16}):[A-Za-z0-9_-]{30,64}$`)

func (m *Module) handleModes(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id := operator.ProviderOf(r)
	out, err := m.loadModes(ctx, m.db, id)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func (m *Module) loadModes(ctx context.Context, q store.Querier, providerID int64) (Modes, error) {
	p, err := provider.Stored(ctx, q, providerID)
	if err != nil {
		return Modes{}, err
	}
	out := Modes{Partners: p.Partners}
	if out.Partners == nil {
		out.Partners = []provider.Partner{}
	}
	err = store.Get(ctx, q, "SELECT bot_id FROM telegram_bots WHERE provider_id = ?", []any{providerID}, &out.Telegram.BotID)
	switch {
	case err == nil:
		out.Telegram.Configured = true
	case !errors.Is(err, store.ErrNotFound):
		return Modes{}, err
	}
	return out, nil
}

func (m *Module) handlePatchModes(w http.ResponseWriter, r *http.Request) error {
	var in modesPatch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	bad := fieldErrors{}
	if in.Partners != nil {
		var pe *provider.PartnerError
		if err := provider.NormalizePartners(*in.Partners); errors.As(err, &pe) {
			bad.add("partners."+strconv.Itoa(pe.Index)+"."+pe.Field, "console_modes_partner_invalid")
		}
	}
	var token string
	var botID int64
	if in.TelegramBotToken != nil {
		token = strings.TrimSpace(*in.TelegramBotToken)
		if token != "" {
			g := botTokenRe.FindStringSubmatch(token)
			if g == nil {
				bad.add("telegram_bot_token", "console_modes_bot_token_invalid")
			} else {
				botID, _ = strconv.ParseInt(g[1], 10, 64)
			}
		}
	}
	if err := bad.err(); err != nil {
		return err
	}
	ctx := r.Context()
	id := operator.ProviderOf(r)
	var after Modes
	err := m.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := m.loadModes(ctx, tx, id)
		if err != nil {
			return err
		}
		if in.Partners != nil {
			p, err := provider.LockStored(ctx, tx, id)
			if err != nil {
				return err
			}
			p.Partners = *in.Partners
			if err := provider.Save(ctx, tx, p); err != nil {
				return err
			}
		}
		if in.TelegramBotToken != nil {
			if err := m.saveBot(ctx, tx, id, token, botID); err != nil {
				return err
			}
		}
		if after, err = m.loadModes(ctx, tx, id); err != nil {
			return err
		}
		// The audit shows whether a bot is set and which, never the token.
		return m.staff.Audit(ctx, tx, r, "settings.modes.update", "provider", id, before, after)
	})
	if err != nil {
		return err
	}
	if in.Partners != nil {
		if err := m.providers.Reload(ctx); err != nil {
			return err
		}
	}
	httpx.OK(w, after)
	return nil
}

func (m *Module) saveBot(ctx context.Context, q store.Querier, providerID int64, token string, botID int64) error {
	if token == "" {
		_, err := q.Exec(ctx, "DELETE FROM telegram_bots WHERE provider_id = ?", providerID)
		return err
	}
	sealed, err := m.staff.Seal(token)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `INSERT INTO telegram_bots (provider_id, token_sealed, bot_id, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (provider_id) DO UPDATE SET token_sealed = excluded.token_sealed, bot_id = excluded.bot_id,
		updated_at = excluded.updated_at`, providerID, sealed, botID, m.staff.Now())
	return err
}

// BotToken is the operator's mini-app bot token (identity.TelegramBots).
// Read at each mini-app sign-in, which is rare enough to need no cache and
// so sees a change made on any copy at once.
func (m *Module) BotToken(ctx context.Context, providerID int64) (string, bool) {
	var sealed string
	err := store.Get(ctx, m.db, "SELECT token_sealed FROM telegram_bots WHERE provider_id = ?", []any{providerID}, &sealed)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			slog.Error("telegram bot token not read", "provider", providerID, "err", err)
		}
		return "", false
	}
	token, err := m.staff.Open(sealed)
	if err != nil {
		slog.Error("saved telegram bot token does not open (was the server secret changed?)", "provider", providerID, "err", err)
		return "", false
	}
	return token, true
}
